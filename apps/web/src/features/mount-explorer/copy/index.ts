export { CopyToDialog, type CopyToDialogProps } from './CopyToDialog';
