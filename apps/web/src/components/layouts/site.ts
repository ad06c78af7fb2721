/** Contact and social links of the footer (one place to change them). */
export const CONTACT_EMAIL = 'contact@outils.fr';

export const SOCIAL_LINKS = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
] as const;
