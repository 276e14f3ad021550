import type { ReactNode } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';

const guest = getRouteApi('/guest');

/**
 * A link between the guest pages (Log in, Register, Forgot password): the way back (a group
 * invite, a /user page) goes along.
 */
export function GuestLink({
  to,
  children,
}: {
  to: '/login' | '/register' | '/resetpassword';
  children: ReactNode;
}) {
  const { redirect } = guest.useSearch();
  return (
    <Link to={to} search={{ redirect }}>
      {children}
    </Link>
  );
}
