// Hydrates the server-rendered public pages.
export {};
