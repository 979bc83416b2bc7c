import { useInvalidatingMutation } from '../../lib/cache-effect';
import { postFiles } from '../documents/upload-files';
import { requestInvalidation } from './invalidation';

/**
 * POST /api/request-item/{id}/file: a client sends files against a request item (multipart, like
 * a folder upload); they land in the item's folder of the request's period.
 */
export const uploadItemFiles = ({ itemId, files }: { itemId: number; files: File[] }) =>
  postFiles(`/request-item/${itemId}/file`, files);

export const useUploadItemFiles = () =>
  useInvalidatingMutation(uploadItemFiles, () => requestInvalidation.requestsChanged());
