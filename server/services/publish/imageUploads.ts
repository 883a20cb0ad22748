import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, type UploadedImage } from '../../../domain/publishSchemas.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { Db } from '../campaign/campaignQueries.ts';
import type { Viewer } from './designCommands.ts';
import { newPublicId } from './designQueries.ts';
import { sniffImage } from './sniffImage.ts';

/** An upload id: 128 random bits, base64url. */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * upload_image/: checks the bytes (PNG, JPEG, GIF or WebP by their magic number; at most 5 MB), writes
 * them to DATA_DIR/uploads/<id> and records them for the organisation. The file is written before the
 * row: a row always has its file.
 */
export async function storeUpload(
  db: Db,
  viewer: Viewer,
  file: unknown,
  dataDir: string,
  publicOrigin: string,
): Promise<UploadedImage> {
  if (!Buffer.isBuffer(file)) throw badRequest('Send the image as multipart form data, in the field "file".');
  if (file.length === 0) throw badRequest('The file is empty.');
  if (file.length > MAX_UPLOAD_BYTES) throw badRequest('The image is too large: the limit is 5 MB.');
  const image = sniffImage(file);
  if (!image)
    throw badRequest('Only PNG, JPEG, GIF or WebP images can be uploaded, and this file is none of them.');
  const id = newPublicId();
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, id), file, { flag: 'wx' });
  await db
    .insertInto('uploaded_images')
    .values({
      id,
      org_id: viewer.orgId,
      user_id: viewer.userId,
      content_type: image.contentType,
      byte_size: file.length,
      width: image.width,
      height: image.height,
      sha256: createHash('sha256').update(file).digest('hex'),
    })
    .execute();
  return {
    id,
    url: `${publicOrigin}/uploads/${id}`,
    width: image.width,
    height: image.height,
    byte_size: file.length,
  };
}

/** /uploads/{id}: an uploaded image's type, size and file, or null when there is no such image. */
export async function uploadedImage(db: Db, id: string, dataDir: string) {
  if (!UPLOAD_ID.test(id)) return null;
  const row = await db
    .selectFrom('uploaded_images')
    .select(['content_type', 'byte_size'])
    .where('id', '=', id)
    .executeTakeFirst();
  const file = path.join(uploadsDir(dataDir), id);
  // A row without its file (removed by hand) is no image either.
  const present = await fs.access(file).then(
    () => true,
    () => false,
  );
  if (!row || !present) return null;
  return { ...row, file };
}
