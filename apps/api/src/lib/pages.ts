/**
 * The `next` and `previous` links of a paginated answer: absolute, like every link the API gives out, and the
 * request's own address with only `page` changed (null where there is no such page).
 */
export function pageLinks(
  publicUrl: string,
  requestUrl: string,
  page: { page: number; pageSize: number; count: number },
): { next: string | null; previous: string | null } {
  const link = (target: number) => {
    const url = new URL(requestUrl, publicUrl);
    url.searchParams.set('page', String(target));
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  return {
    next: page.page * page.pageSize < page.count ? link(page.page + 1) : null,
    previous: page.page > 1 ? link(page.page - 1) : null,
  };
}
