/**
 * The categories the spec's footer links to (/products?category=<id>), also offered in the
 * mobile menu. Ids follow shared/domain/category; their labels are `categories.<id>`.
 */
export const SHOP_CATEGORIES = ['basics', 'outerwear', 'bottoms', 'accessories'] as const;
