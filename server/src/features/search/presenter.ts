// A search result row as the answer shows it (contract/src/schemas/search.ts); pure shaping.
import { POST_KIND, type SearchHit, type SearchKind } from '@hearth/contract';
import { fileUrl } from '../files/presenter';
import type { ResultRow } from './kind-spec';
import { toSnippet } from './snippet';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function presentHit(kind: SearchKind, r: ResultRow): SearchHit {
  return {
    kind,
    id: r.id,
    title: r.title,
    snippet: toSnippet(r.headline),
    at: iso(r.at),
    status: r.status,
    author:
      r.author_id === null
        ? null
        : { id: r.author_id, firstName: r.author_first ?? '', lastName: r.author_last ?? '' },
    community: r.community_id === null ? null : { id: r.community_id, title: r.community_title ?? '' },
    post: r.post_id === null ? null : { id: r.post_id, isCommunityPost: r.post_kind === POST_KIND.COMMUNITY },
    person:
      kind === 'people'
        ? {
            jobTitle: r.job_title,
            location: r.location,
            department: r.department,
            profileImage: fileUrl(r.image_key),
          }
        : null,
  };
}
