export { createDiskStore, isStorageKey, type FileStore } from './store';
export { IMAGE_TYPES, inspectUpload, MB, PDF_TYPES, type InspectedUpload, type UploadRule } from './inspect';
export { reencodeImage, responsiveImages, type EncodedImage, type ImageFormat } from './images';
export { storedFileResponse, type StoredFileAnswer } from './serve';
