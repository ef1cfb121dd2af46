export { TransferDialog, type TransferDialogProps } from './TransferDialog';
export type { TransferMode } from './lib/copy-rules';
