// Files (product.md section 7, Files): the streamed upload of post media and attachments, and the stored
// files themselves. Those are served without a login, because <img> and <video> cannot send a bearer
// token; keys are random UUIDs, and only keys recorded in the files table are served.
import { z } from 'zod';
import { get, post, ROLES, tagged } from '../endpoint';
import { created, errorBody } from '../schemas/common';
import { uploadResponse } from '../schemas/files';

/** Stored bytes under their recorded media type: any. */
const bytes = (description: string) => ({ description, content: { '*/*': { schema: z.string() } } });

export const filesEndpoints = tagged('files', {
  uploadFile: post({
    path: '/v1/api/files/upload',
    access: ROLES.known,
    summary: 'Upload a post file (multipart: file, filename, resourceType=auto, folder=post)',
    // The multipart body is read as a stream by the handler, part by part; no schema sees it.
    responses: created(uploadResponse),
  }),
  getStoredFile: get({
    path: '/files/*',
    access: 'public',
    summary: 'A stored file or thumbnail by its key; no login (see above). Honours Range: bytes=a-b',
    params: z.object({ '*': z.string().describe('The storage key') }),
    responses: {
      200: bytes('The file'),
      206: bytes('The requested byte range'),
      404: errorBody.describe('No stored file has this key'),
      416: errorBody.describe('The range lies outside the file'),
    },
  }),
});
