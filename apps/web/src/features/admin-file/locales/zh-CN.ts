const adminFile = {
  project: '项目',
  chooseProject: '请选择项目',
  fileName: '文件名',
  size: '大小',
  uploadTime: '上传时间',
  uploader: '上传人',
  upload: '上传文件',
  uploading: '正在上传 {{name}}',
  uploaded: '{{name}} 上传成功',
  download: '下载',
  delete: '删除',
  deleteConfirm: '删除文件“{{name}}”？删除后无法恢复。',
  rules: '支持 csv、xlsx、xls、pdf、png、jpg，单个文件不超过 10 MB',
  tooLarge: '{{name}} 超过 10 MB 的上限',
  badType: '{{name}} 的类型不支持',
  search: '搜索文件名',
  noProject: '没有可管理文件的项目',
};

export default adminFile;
