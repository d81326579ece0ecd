// Must-read posts (issue 18): the caller's posts still to acknowledge, and "I have read this".
import { type FeedPostDetail, reachEndpoints, type ToAcknowledge } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { feedKeys } from '../../shared/posts/post-keys';
import { withoutPost } from './ack-logic';
import { toAcknowledgeQuery } from './queries';

export function useToAcknowledge() {
  return useQuery(toAcknowledgeQuery());
}

/**
 * Whether an acknowledgement emptied the To acknowledge list: News then says "All done" once, when the
 * reader comes back from the post's page (must-read-list.tsx).
 */
let emptied = false;
export const listEmptied = () => emptied;
export function forgetListEmptied(): void {
  emptied = false;
}

export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => call(reachEndpoints.acknowledgePost, { params: { id: postId } }),
    onSuccess: ({ acknowledgedAt }, postId) => {
      // The post's page keeps "You acknowledged on ..." (issue 33).
      queryClient.setQueryData<FeedPostDetail>(feedKeys.post(postId), (post) =>
        post ? { ...post, acknowledgedAt } : post,
      );
      const { queryKey } = toAcknowledgeQuery();
      const left = queryClient.setQueryData<ToAcknowledge>(queryKey, (list) =>
        list ? withoutPost(list, postId) : list,
      );
      emptied = left?.count === 0;
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });
}
