/** Query keys of an activity's edit tabs; the calendar's are under `calendar`. */
export const tabKeys = {
  course: (courseId: number) => ['course', courseId] as const,
  sessions: (courseId: number) => [...tabKeys.course(courseId), 'sessions'] as const,
  /** The activity record itself (same key as `courseKeys.detail`): its publishing checklist follows dates and tickets. */
  detail: (courseId: number) => [...tabKeys.course(courseId), 'detail'] as const,
  generatorPreview: (courseId: number) => [...tabKeys.course(courseId), 'generator-preview'] as const,
  tickets: (courseId: number) => [...tabKeys.course(courseId), 'tickets'] as const,
  fields: (courseId: number) => [...tabKeys.course(courseId), 'fields'] as const,
  products: (courseId: number) => [...tabKeys.course(courseId), 'products'] as const,
  productOptions: () => ['catalogue', 'product-options'] as const,
  resourceGroups: () => ['catalogue', 'resource-groups'] as const,
  calendar: ['calendar'] as const,
};
