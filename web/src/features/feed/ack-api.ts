// Must-read posts (issue 18): the caller's posts still to acknowledge, and "I have read this".
import { reachEndpoints, type ToAcknowledge } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { withoutPost } from './ack-logic';
import { toAcknowledgeQuery } from './queries';

export function useToAcknowledge() {
  return useQuery(toAcknowledgeQuery());
}

export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => call(reachEndpoints.acknowledgePost, { params: { id: postId } }),
    onSuccess: (_answer, postId) => {
      const { queryKey } = toAcknowledgeQuery();
      queryClient.setQueryData<ToAcknowledge>(queryKey, (list) => (list ? withoutPost(list, postId) : list));
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });
}
