// Must-read posts (issue 18): the caller's posts still to acknowledge, and "I have read this".
import { reachEndpoints, type ToAcknowledge } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { feedKeys } from '../../shared/posts/post-cache';
import { withoutPost } from './ack-logic';

/** Under the feed's key, so saving a post (which reloads the feed) reloads this list too. */
export const toAcknowledgeKey = [...feedKeys.all, 'to-acknowledge'] as const;

export function useToAcknowledge() {
  return useQuery({
    queryKey: toAcknowledgeKey,
    queryFn: ({ signal }) => call(reachEndpoints.listToAcknowledge, undefined, { signal }),
  });
}

export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => call(reachEndpoints.acknowledgePost, { params: { id: postId } }),
    onSuccess: (_answer, postId) => {
      queryClient.setQueryData<ToAcknowledge>(toAcknowledgeKey, (list) =>
        list ? withoutPost(list, postId) : list,
      );
      void queryClient.invalidateQueries({ queryKey: toAcknowledgeKey, exact: true });
    },
  });
}
