/** "Ada Lovelace" from first and last name, falling back to the e-mail address. */
export function fullName(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** Up to two initials for an avatar. */
export function initials(user: { first_name: string; last_name: string; email: string }): string {
  const letters = [user.first_name, user.last_name].map((part) => part.trim().charAt(0)).join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}
