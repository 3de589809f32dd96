import { useEffect } from 'react';
import { PageSpinner } from './page-spinner.tsx';

/**
 * A family's page reached inside the staff app (a parent's `/`, a link): the page is loaded afresh,
 * and the server sends the family's own light app for it (docs/rules.md "The family's app").
 */
export function FamilyPageLoad() {
  useEffect(() => {
    window.location.replace(window.location.pathname + window.location.search);
  }, []);
  return <PageSpinner />;
}
