// Uploads of post media and attachments (product.md sections 3, 5, 7 and 9).
import { z } from 'zod';
import { fileInfo } from './feed';

/** The multipart fields of POST /v1/api/files/upload: the `file` part and three text fields. */
export const UPLOAD_FIELD = {
  file: 'file',
  filename: 'filename',
  resourceType: 'resourceType',
  folder: 'folder',
} as const;
/** `auto` lets the server decide from the file's bytes; a named type is a constraint the bytes must meet. */
export const UPLOAD_RESOURCE_TYPES = ['auto', 'image', 'video', 'raw'] as const;
export const UPLOAD_FOLDERS = ['post'] as const;

export const uploadFields = z.object({
  // Longer names are cut to 200 characters when stored, not refused.
  filename: z.string().trim().max(1024).optional(),
  resourceType: z.enum(UPLOAD_RESOURCE_TYPES).default('auto'),
  folder: z.enum(UPLOAD_FOLDERS).default('post'),
});
export type UploadFields = z.input<typeof uploadFields>;

/**
 * The answer to an upload: `fileId` and `payload.url` as product.md names them (payload.url is the file's
 * sourceUrl), and the file as posts show it (its type, thumbnail and size).
 */
export const uploadResponse = z.object({
  fileId: z.number(),
  payload: z.object({ url: z.string() }),
  file: fileInfo,
});
export type UploadResponse = z.infer<typeof uploadResponse>;
