/** The image pickers' messages; a module of its own so the error catalogue takes them without the media schemas. */
export const imageMessages = {
  typeNotAllowed: 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
  tooLarge: 'Image must be less than 50MB (large images will be automatically compressed)',
  /** The drop-zone's line under its prompt: what it accepts. */
  accepted: 'JPEG, PNG, WebP or GIF, up to 50MB',
  dropPrompt: 'Drag an image here or click to choose a file',
  uploading: 'Uploading...',
  remove: 'Remove',
} as const;
