// What the admin sign-in calls answer (DESIGN §3.6).
import { z } from 'zod';

export const sessionSchema = z.object({ token: z.string(), expires_at: z.string() }).meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;
