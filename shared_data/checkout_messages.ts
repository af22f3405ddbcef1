/** Texts the server sends and the shop recognises (pure data in shared_data/: the frontend bundles it and may not import server code). */
export const CHECKOUT_REPLACED =
  'This checkout was replaced by a newer one you opened in another tab or window.'
