/** Texts the server sends and the shop recognises (kept free of server imports: the frontend bundles it). */
export const CHECKOUT_REPLACED = 'This checkout was replaced by a newer one you opened in another tab or window.'
