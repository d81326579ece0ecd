// The filters of a list of people as the address holds them (?q=&location=&department=): read by the
// directory's and the admin user list's filters (people-filters.tsx) and by their route loaders, so the
// request a loader starts is the one the page asks for.

export type PeopleFilterValues = { q: string; locationId?: number; departmentId?: number };

const idOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** `q` is the settled search as the address has it (the box's typing reaches it 500 ms later). */
export function peopleFilterValues(params: URLSearchParams): PeopleFilterValues {
  return {
    q: params.get('q') ?? '',
    locationId: idOf(params.get('location')),
    departmentId: idOf(params.get('department')),
  };
}
