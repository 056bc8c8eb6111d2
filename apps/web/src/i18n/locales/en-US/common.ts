import type zh from '../zh-CN/common';

const common: typeof zh = {
  ok: 'OK',
  cancel: 'Cancel',
  confirm: 'Confirm',
  close: 'Close',
  save: 'Save',
  create: 'New',
  edit: 'Edit',
  delete: 'Delete',
  refresh: 'Refresh',
  actions: 'Actions',
  loading: 'Loading…',
  noData: 'No data',
  prompt: 'Notice',
  confirmDelete: 'Are you sure you want to delete the selected items?',
  deleteSucceeded: 'Deleted successfully!',
  saveSucceeded: 'Saved successfully!',
  deleteCancelled: 'Deletion cancelled!',
  operationSucceeded: 'operation succeeded!',
  noOperationPermission: 'no operation permission',
  http: {
    tokenExpired: 'token expired, please log in again',
    tokenInvalid: 'account token invalid, please log in again',
    network: 'please check whether the network connection is normal',
    jsonFormat: 'backend JSON format error',
    httpStatus: 'Request failed (HTTP $0)',
    fileNotExist: 'file does not exist',
    exportError: 'Export file error!',
    defaultExportName: 'table export',
    chunkLoad: 'The page failed to load, please refresh and try again',
    configLoad: 'Failed to load the file: $0',
  },
  industries: {
    industrial: 'Industrial',
    commercial: 'Commercial',
    public: 'Public building',
    residential: 'Residential',
    other: 'Other',
  },
};

export default common;
