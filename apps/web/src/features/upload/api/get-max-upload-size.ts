// The max upload size is read by every uploader (shares here, the mount explorer too).
export {
  getMaxUploadBytes,
  maxUploadSizeQueryOptions,
  useMaxUploadBytes,
} from '@/lib/uploader/max-upload-size';
