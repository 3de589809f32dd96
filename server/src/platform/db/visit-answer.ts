import { eq } from 'drizzle-orm';
import type { Fixation } from '@tamaq/contract/fixations';
import { imageUrl } from '@tamaq/contract/images';
import type { Db } from './client.ts';
import { classroomNameColumns, classroomRef } from './places.ts';
import { images } from './schema.ts';
import { classrooms, fixationCategories, foodCategories, users, visits } from './schema-people.ts';

/**
 * A visit as every list and live message answers it (`Fixation`): who, with their photo, their
 * class, the category and the place. Read once here for scans, the history and manual marking.
 */
const visitColumns = {
  id: visits.id,
  createdAt: visits.createdAt,
  schoolId: visits.schoolId,
  canteenId: visits.canteenId,
  count: visits.count,
  userId: users.id,
  userName: users.name,
  jobTitle: users.jobTitle,
  imageKey: images.key,
  classroomId: classrooms.id,
  ...classroomNameColumns,
  fixationCategoryId: fixationCategories.id,
  fixationCategoryName: fixationCategories.name,
  foodCategoryId: foodCategories.id,
  foodCategoryName: foodCategories.name,
};

/** The visits with what their answer shows, to be filtered, ordered and paged by the caller. */
export const selectVisitAnswers = (tx: Db) =>
  tx
    .select(visitColumns)
    .from(visits)
    .innerJoin(users, eq(users.id, visits.userId))
    .leftJoin(images, eq(images.id, users.imageId))
    .leftJoin(classrooms, eq(classrooms.id, visits.classroomId))
    .leftJoin(fixationCategories, eq(fixationCategories.id, visits.fixationCategoryId))
    .leftJoin(foodCategories, eq(foodCategories.id, visits.foodCategoryId));

/** One row of `selectVisitAnswers`. */
export type VisitAnswerRow = Awaited<ReturnType<typeof selectVisitAnswers>>[number];

export const toFixation = (r: VisitAnswerRow): Fixation => ({
  id: r.id,
  created_at: r.createdAt.toISOString(),
  user: {
    id: r.userId,
    name: r.userName,
    job_title: r.jobTitle,
    image: r.imageKey ? { url: imageUrl(r.imageKey) } : null,
  },
  classroom: classroomRef(r.classroomId, r),
  // A school visit shows the pupil's food category, a canteen visit its meal time.
  category:
    r.fixationCategoryId !== null
      ? { id: r.fixationCategoryId, name: r.fixationCategoryName ?? '' }
      : r.foodCategoryId !== null
        ? { id: r.foodCategoryId, name: r.foodCategoryName ?? '' }
        : null,
  school_id: r.schoolId,
  canteen_id: r.canteenId,
  count: r.count,
});
