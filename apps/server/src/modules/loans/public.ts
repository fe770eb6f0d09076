// What other modules may use of the loan applications (the loan picker lists them).
export { pageLoans } from './repository.js';
