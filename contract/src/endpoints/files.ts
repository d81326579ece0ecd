// The files operations of the endpoint table (ADR 026); filled in as the area moves to the table.
export const filesEndpoints = {};
