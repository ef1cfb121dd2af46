export { ExplorerUploadProvider, type ExplorerUploadProviderProps } from './ExplorerUploadProvider';
export { ExplorerDropZone } from './ExplorerDropZone';
export { ExplorerUploadButtons } from './ExplorerUploadButtons';
export { ExplorerUploadQueue } from './ExplorerUploadQueue';
