import { createContext, useContext } from 'react';
import { workflowApi } from '../../../../api/workflowApi.ts';
import { workflowEditorApi } from '../../../../api/workflowEditorApi.ts';

/** The calls the node editors make (the real api modules; tests provide stubs through the context). */
export type EditorApi = {
  getUserEmails: typeof workflowApi.getUserEmails;
  getUserContactLists: typeof workflowApi.getUserContactLists;
  getUserStaticData: typeof workflowApi.getUserStaticData;
  getEmailsLinks: typeof workflowEditorApi.getEmailsLinks;
  sendTestShareProfile: typeof workflowEditorApi.sendTestShareProfile;
};

export const editorApi: EditorApi = {
  getUserEmails: workflowApi.getUserEmails,
  getUserContactLists: workflowApi.getUserContactLists,
  getUserStaticData: workflowApi.getUserStaticData,
  getEmailsLinks: workflowEditorApi.getEmailsLinks,
  sendTestShareProfile: workflowEditorApi.sendTestShareProfile,
};

export const EditorApiContext = createContext<EditorApi>(editorApi);

export function useEditorApi(): EditorApi {
  return useContext(EditorApiContext);
}
