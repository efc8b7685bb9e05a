/**
 * A lab (sandbox fixture) whose Samples labsheet has codes more than one row holds, as a real labsheet
 * can: two rows with the Sample ID S-0001 (tubes TB000001, TB000002), two tubes labelled TB000003
 * (S-0003, S-0004), S-0007 that is one row's ID and another's barcode; S-0010 is a row like any other.
 */
export const sharedCodesLab = {
  users: [{ email: 'ada@lab.example', token: 'shared-codes-token', superAdmin: true }],
  labspaces: [{ name: 'Bench', folders: [{ name: 'Inventory' }] }],
  labsheets: [
    {
      name: 'Samples',
      folder: 'Inventory',
      columns: [
        { name: 'Sample ID', type: 'ID' },
        { name: 'Tube Barcode', type: 'ID_BARCODE' },
        { name: 'Status', type: 'TEXT' },
      ],
      rows: [
        { 'Sample ID': 'S-0001', 'Tube Barcode': 'TB000001', Status: 'received' },
        { 'Sample ID': 'S-0001', 'Tube Barcode': 'TB000002', Status: 'received' },
        { 'Sample ID': 'S-0003', 'Tube Barcode': 'TB000003', Status: 'received' },
        { 'Sample ID': 'S-0004', 'Tube Barcode': 'TB000003', Status: 'received' },
        { 'Sample ID': 'S-0006', 'Tube Barcode': 'S-0007', Status: 'received' },
        { 'Sample ID': 'S-0007', 'Tube Barcode': 'TB000008', Status: 'received' },
        { 'Sample ID': 'S-0010', 'Tube Barcode': 'TB000010', Status: 'received' },
      ],
    },
  ],
  manifests: [
    {
      name: 'QC Plate 1',
      hrid: 'PL-0001',
      barcode: 'PLT000001',
      template: '96 Well Plate',
      layout: { rows: 8, columns: 12 },
    },
  ],
};
