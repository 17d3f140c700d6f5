import { describe, expect, it } from '@jest/globals';
import { newPasswordSchema, passwordMessages, passwordProblem } from './password.js';

describe('the new-password rule', () => {
  it.each([
    ['', passwordMessages.required],
    ['1234567', 'Password must be at least 8 characters'],
    ['x'.repeat(129), 'Password must be no more than 128 characters'],
    ['12345678', null],
    ['  spaces count  ', null],
  ])('judges %j: %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('🎤🎤🎤🎤')).toBe(passwordMessages.tooShort);
    expect(passwordProblem('pässwörd')).toBeNull();
  });

  it('names the field of each problem, and asks for a matching confirmation', () => {
    const mismatch = newPasswordSchema.safeParse({ password: 'long enough', confirmPassword: 'different' });
    expect(mismatch.error?.issues.map(({ path, message }) => [path, message])).toEqual([
      [['confirmPassword'], 'Passwords do not match'],
    ]);
    const empty = newPasswordSchema.safeParse({ password: 'short', confirmPassword: '' });
    expect(empty.error?.issues.map(({ path, message }) => [path, message])).toEqual([
      [['password'], 'Password must be at least 8 characters'],
      [['confirmPassword'], 'Please confirm your password'],
    ]);
    expect(
      newPasswordSchema.parse({ password: ' keep spaces ', confirmPassword: ' keep spaces ' }).password,
    ).toBe(' keep spaces ');
  });
});
