/**
 * The name an account's bookings and records carry: her own, or the part of her email before the
 * @ when she gave none (the sign-up's default, SPEC §4).
 */
export const accountName = (user: { name?: string | null; email: string }): string => user.name || user.email.split('@')[0] || user.email;
