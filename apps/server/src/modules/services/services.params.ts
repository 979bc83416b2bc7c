import { idParams } from '@app/shared/fields';

export const ServiceIdParamSchema = idParams('serviceId');
