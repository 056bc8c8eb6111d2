import ReportPage from './report-page';

/** The period reports page (/onlyReport, issue 15). */
export { ReportPage };
