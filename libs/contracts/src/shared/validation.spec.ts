import {
  emailProblem,
  emailSchema,
  optionalEmailSchema,
  optionalUrlSchema,
  validationMessages,
} from './validation.js';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

/** A syntactically valid address of exactly `length` characters (local part 64, domain labels under 64). */
function emailOfLength(length: number): string {
  const local = 'l'.repeat(64);
  const domainLength = length - local.length - 1;
  const labels = ['a'.repeat(60), 'b'.repeat(60)];
  const last = 'c'.repeat(domainLength - 60 - 60 - 2 - 4);
  return `${local}@${labels.join('.')}.${last}.com`;
}

describe('e-mail addresses (spec 1 §5 shared rules)', () => {
  it("refuses an empty or blank e-mail with 'Email is required'", () => {
    expect(emailProblem('')).toBe('Email is required');
    expect(emailProblem('   ')).toBe('Email is required');
    expect(firstMessage(emailSchema.safeParse(''))).toBe('Email is required');
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe('Email is required');
  });

  it("refuses an address that is not name@domain.tld with 'Please enter a valid email address'", () => {
    for (const value of [
      'plainaddress',
      'no-at.example.com',
      'a@b',
      '@example.com',
      'a@',
      'a b@example.com',
    ]) {
      expect(emailProblem(value)).toBe('Please enter a valid email address');
    }
    expect(firstMessage(emailSchema.safeParse('a@b'))).toBe('Please enter a valid email address');
  });

  it('accepts an ordinary address, trimming it and lower-casing it', () => {
    expect(emailProblem('jane.doe+pod@example.co.uk')).toBeNull();
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it("accepts an address of 254 characters and refuses one of 255 with 'Email address is too long'", () => {
    expect(emailOfLength(254)).toHaveLength(254);
    expect(emailProblem(emailOfLength(254))).toBeNull();
    expect(emailOfLength(255)).toHaveLength(255);
    expect(emailProblem(emailOfLength(255))).toBe('Email address is too long');
    expect(firstMessage(emailSchema.safeParse(emailOfLength(255)))).toBe('Email address is too long');
  });

  it('accepts a local part of 64 characters and refuses one of 65', () => {
    expect(emailProblem(`${'x'.repeat(64)}@example.com`)).toBeNull();
    expect(emailProblem(`${'x'.repeat(65)}@example.com`)).not.toBeNull();
  });

  it('refuses double dots in the local part or the domain', () => {
    expect(emailProblem('jane..doe@example.com')).toBe('Please enter a valid email address');
    expect(emailProblem('jane@example..com')).toBe('Please enter a valid email address');
  });

  it('refuses a leading or trailing dot in the local part', () => {
    expect(emailProblem('.jane@example.com')).toBe('Please enter a valid email address');
    expect(emailProblem('jane.@example.com')).toBe('Please enter a valid email address');
  });

  it('refuses a leading or trailing dot in the domain', () => {
    expect(emailProblem('jane@.example.com')).toBe('Please enter a valid email address');
    expect(emailProblem('jane@example.com.')).toBe('Please enter a valid email address');
  });

  describe('strict mode', () => {
    const strict = { strict: true };

    it('accepts a domain of two parts whose last part is 2 to 63 letters', () => {
      expect(emailProblem('jane@example.com', strict)).toBeNull();
      expect(emailProblem('jane@example.io', strict)).toBeNull();
      expect(emailProblem(`jane@example.${'t'.repeat(63)}`, strict)).toBeNull();
    });

    it("refuses a final domain part shorter than 2 or longer than 63 characters with 'Invalid email domain'", () => {
      expect(emailProblem('jane@example.c', strict)).toBe('Invalid email domain');
      expect(emailProblem(`jane@example.${'t'.repeat(64)}`, strict)).toBe('Invalid email domain');
    });

    it("refuses a numeric final domain part with 'Invalid email domain'", () => {
      expect(emailProblem('jane@example.123', strict)).toBe('Invalid email domain');
    });

    it("refuses subdomains with 'Invalid email domain'", () => {
      expect(emailProblem('jane@mail.example.com', strict)).toBe('Invalid email domain');
    });

    it('leaves these domains alone outside strict mode', () => {
      expect(emailProblem('jane@mail.example.com')).toBeNull();
      expect(emailProblem('jane@example.c')).toBeNull();
    });
  });

  it('treats an empty optional e-mail as none and checks a given one with the same rules', () => {
    expect(optionalEmailSchema.parse('  ')).toBe('');
    expect(optionalEmailSchema.parse('Owner@Example.com')).toBe('owner@example.com');
    expect(firstMessage(optionalEmailSchema.safeParse('owner@@example'))).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(optionalEmailSchema.safeParse(emailOfLength(255)))).toBe('Email address is too long');
  });
});

describe('URLs (spec 1 §5 shared rules)', () => {
  it("refuses a URL that does not parse with 'Please enter a valid URL'", () => {
    expect(firstMessage(optionalUrlSchema.safeParse('not a url'))).toBe('Please enter a valid URL');
    expect(firstMessage(optionalUrlSchema.safeParse('example.com/show'))).toBe('Please enter a valid URL');
  });

  it('accepts a URL that parses, and an empty one as none', () => {
    expect(optionalUrlSchema.parse(' https://example.com/show ')).toBe('https://example.com/show');
    expect(optionalUrlSchema.parse('')).toBe('');
  });
});

describe('generic form rules and image URL messages (spec 1 §5)', () => {
  it("says 'This field is required' for a required field", () => {
    expect(validationMessages.required).toBe('This field is required');
  });

  it("says 'Must be no more than {n} characters' for a maximum length", () => {
    expect(validationMessages.maxLength(120)).toBe('Must be no more than 120 characters');
  });

  it('words the image URL rules as the spec does', () => {
    expect(validationMessages.imageUrlInvalid).toBe('Please provide a valid image URL or storage path');
    expect(validationMessages.imageUrlNotHttps).toBe('Image URLs must use HTTPS');
  });
});
