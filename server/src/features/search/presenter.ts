// A search result row as the answer shows it (contract/src/schemas/search.ts); pure shaping. A person's
// fields the viewer may not see (access/profile-fields.ts) are null, as in the directory: the row's columns
// are cached for every viewer (match-cache.ts), so the viewer's own setting is applied here.
import { POST_KIND, type ProfileFieldsSetting, type SearchHit, type SearchKind } from '@hearth/contract';
import { fileUrl } from '../files/presenter';
import type { ResultRow } from './kind-spec';
import { toSnippet } from './snippet';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function presentHit(kind: SearchKind, r: ResultRow, fields: ProfileFieldsSetting): SearchHit {
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
            jobTitle: fields.jobTitle ? r.job_title : null,
            location: fields.location ? r.location : null,
            department: fields.department ? r.department : null,
            profileImage: fileUrl(r.image_key),
          }
        : null,
  };
}
