import { numberedPlaceholders } from './bound-statement.js';

describe('numberedPlaceholders', () => {
  it('numbers every ? in order, as PostgreSQL binds parameters', () => {
    expect(numberedPlaceholders('select 1')).toBe('select 1');
    expect(numberedPlaceholders('select * from t where a = ? and b in (?, ?) offset ? limit 1')).toBe(
      'select * from t where a = $1 and b in ($2, $3) offset $4 limit 1',
    );
  });
});
