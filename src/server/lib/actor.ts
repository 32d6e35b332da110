/** The account a write is made by, as the history and the trash record it ('' when none is signed in). */
export const actorOf = (request: { admin?: { email: string } | undefined }): string => request.admin?.email ?? '';
