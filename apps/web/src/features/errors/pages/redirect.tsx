import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../redirectTarget';

/** /redirect/*: forwards at once to the rest of the path, replacing the history entry. */
export default function RedirectPage() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(redirectTarget(pathname, search, hash), { replace: true });
  }, [navigate, pathname, search, hash]);
  return null;
}
