// The old edit link `/edit-post?postId=N` lives on as a redirect to `/post/edit/N` (product.md section 2).
import { PATHS } from '@hearth/contract';
import { Navigate, useSearchParams } from 'react-router';

export default function EditPostRedirect() {
  const [params] = useSearchParams();
  const postId = params.get('postId');
  const valid = postId !== null && /^\d+$/.test(postId);
  return <Navigate replace to={valid ? `/post/edit/${postId}` : PATHS.adminFeedPostList} />;
}
