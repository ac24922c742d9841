import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, { error: 'Username is required' }).max(100),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});
