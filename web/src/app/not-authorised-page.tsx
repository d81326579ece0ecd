// A page registered for every role but not this one's (the route table sends staff opening the admin post
// list here): say so and offer the way home, rather than an empty admin page whose buttons lead nowhere.
import { StatusPage } from './status-page';

export default function NotAuthorisedPage() {
  return (
    <StatusPage
      status="403"
      title="Not authorised"
      subTitle="Sorry, you are not allowed to open this page."
    />
  );
}
