/** The product's name, as people see it. */
export const PRODUCT_NAME = 'Castbase';
