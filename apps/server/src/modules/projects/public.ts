// What other modules may use of the projects (the project picker lists them).
export { pageProjects } from './repository.js';
