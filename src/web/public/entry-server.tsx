// Renders the public pages on the server.
export {};
