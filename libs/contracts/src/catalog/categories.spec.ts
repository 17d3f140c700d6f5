import {
  CATEGORY_NAMES,
  defaultSubcategory,
  isCategoryValue,
  PODCAST_CATEGORIES,
  splitCategory,
  subcategoryOptions,
} from './categories.js';

describe('podcast categories (spec 1 §3)', () => {
  it('lists the 19 Apple top-level categories of the spec, in its order', () => {
    expect(CATEGORY_NAMES).toEqual([
      'Arts',
      'Business',
      'Comedy',
      'Education',
      'Fiction',
      'Government',
      'History',
      'Health & Fitness',
      'Kids & Family',
      'Leisure',
      'Music',
      'News',
      'Religion & Spirituality',
      'Science',
      'Society & Culture',
      'Sports',
      'Technology',
      'True Crime',
      'TV & Film',
    ]);
  });

  it('gives Government, History, Technology and True Crime no subcategories, and every other category some', () => {
    const without = CATEGORY_NAMES.filter((name) => PODCAST_CATEGORIES[name].length === 0);
    expect(without).toEqual(['Government', 'History', 'Technology', 'True Crime']);
  });

  it("stores a subcategory as 'Parent:Sub' and a category without subcategories as itself", () => {
    expect(isCategoryValue('Arts:Books')).toBe(true);
    expect(isCategoryValue('Technology')).toBe(true);
    expect(isCategoryValue('Arts')).toBe(true);
    expect(isCategoryValue('Arts:Cooking Shows')).toBe(false);
    expect(isCategoryValue('Cooking')).toBe(false);
    expect(splitCategory('Arts:Books')).toEqual({ category: 'Arts', subcategory: 'Books' });
    expect(splitCategory('Technology')).toEqual({ category: 'Technology', subcategory: null });
  });

  it('resets the subcategory on a category change to its first subcategory, or to the category itself when it has none', () => {
    expect(defaultSubcategory('Arts')).toBe('Arts:Books');
    expect(defaultSubcategory('Business')).toBe(`Business:${PODCAST_CATEGORIES.Business[0]}`);
    for (const category of ['Government', 'History', 'Technology', 'True Crime'] as const) {
      expect(defaultSubcategory(category)).toBe(category);
    }
  });

  it('offers the category itself as the only subcategory option when it has none', () => {
    expect(subcategoryOptions('True Crime')).toEqual([{ value: 'True Crime', label: 'True Crime' }]);
    expect(subcategoryOptions('Arts')[0]).toEqual({ value: 'Arts:Books', label: 'Books' });
  });
});
