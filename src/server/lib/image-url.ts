/** Where a stored image is served (features/images/uploads.ts): its name is made from its bytes, so the URL never changes meaning. */
export const imageUrl = (name: string): string => `/uploads/${name}`;
