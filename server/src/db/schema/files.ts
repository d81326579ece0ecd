// Stored files: uploads of posts, community images and profile pictures (ADR 007, ADR 023).
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  storageKey: text('storage_key').notNull().unique(),
  /** The JPEG thumbnail (images) or poster frame (videos): the storage key with its extension set to .jpg. */
  thumbnailKey: text('thumbnail_key'),
  /** An image's size upright (EXIF rotation applied), so pages can reserve its box; null for others. */
  width: integer('width'),
  height: integer('height'),
  /** The widths of an image's WebP renditions (storage key `…-w{width}.webp`, variantKeyOf). */
  variantWidths: integer('variant_widths').array().notNull().default(sql`'{}'::integer[]`),
  mimeType: text('mime_type').notNull(),
  resourceType: text('resource_type').notNull(),
  size: integer('size').notNull(),
  originalName: text('original_name'),
  createdById: integer('created_by_id'),
  createdAt: createdAt(),
});
