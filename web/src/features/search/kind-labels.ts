// What each kind of result and each mark is called on screen.
import type { SearchKind, SearchStatus } from '@hearth/contract';

export const KIND_LABELS: Record<SearchKind, string> = {
  posts: 'Posts',
  communityPosts: 'Community posts',
  comments: 'Comments',
  messages: 'Discussions',
  communities: 'Communities',
  people: 'People',
  surveys: 'Surveys',
};

export const STATUS_LABELS: Record<SearchStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  ended: 'Ended',
};
