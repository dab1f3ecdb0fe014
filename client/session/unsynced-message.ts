/** Issue 9, fault 5: what Log Out says when changes have not reached the server yet. */
export function unsyncedChangesMessage(count: number): string {
  return count === 1 ? '1 change has not reached your account yet' : `${count} changes have not reached your account yet`;
}
