import type zh from './zh-CN';

const adminFile: typeof zh = {
  project: 'Project',
  chooseProject: 'Choose a project',
  fileName: 'File name',
  size: 'Size',
  uploadTime: 'Uploaded',
  uploader: 'Uploaded by',
  upload: 'Upload file',
  uploading: 'Uploading {{name}}',
  uploaded: '{{name}} uploaded',
  download: 'Download',
  delete: 'Delete',
  deleteConfirm: 'Delete file "{{name}}"? This cannot be undone.',
  rules: 'csv, xlsx, xls, pdf, png, jpg; at most 10 MB a file',
  tooLarge: '{{name}} exceeds the 10 MB limit',
  badType: 'The type of {{name}} is not supported',
  search: 'Search file names',
  noProject: 'No project whose files you may manage',
};

export default adminFile;
