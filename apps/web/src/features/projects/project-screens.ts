// Where the project screens are, who writes projects, and their kind in the change history.
import { recordPaths, type RecordScreens } from '../../components/business/record-screens';

export const PROJECT_SCREENS: RecordScreens = { paths: recordPaths('/projects/list'), write: 'projects:write', audit: 'project' };
