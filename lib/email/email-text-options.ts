import { plainTextSelectors, type Options } from "@react-email/render";

/** render() options for the text part: detail tables as aligned "label  value" lines. */
export const EMAIL_TEXT_OPTIONS: Options = {
  plainText: true,
  htmlToTextOptions: {
    wordwrap: false,
    selectors: [
      ...plainTextSelectors,
      {
        selector: "table.alert-details",
        format: "dataTable",
        options: { colSpacing: 3, uppercaseHeaderCells: false, maxColumnWidth: 200 },
      },
    ],
  },
};
