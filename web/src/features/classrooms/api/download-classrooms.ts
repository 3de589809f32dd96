import { downloadHref } from '../../../lib/download.ts';

/** Links the browser downloads by itself, the token in the query (spec 1 §7). */
export const classroomsExportHref = (schoolId: number) => downloadHref('/api/classrooms/download', { schoolId });
export const classroomsTemplateHref = () => downloadHref('/api/classrooms/template');
